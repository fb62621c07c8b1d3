package io.pfsmix.ior;

/** The steps of one IOR iteration that produce a record. */
enum Phase {
  WRITE("write"), WRITE_CHECK("write"), READ("read"), REMOVE("remove");

  final String access;

  Phase(String access) {
    this.access = access;
  }
}
