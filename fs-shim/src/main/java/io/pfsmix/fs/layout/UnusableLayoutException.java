package io.pfsmix.fs.layout;

/**
 * A well-formed layout attribute that describes no striping this package can map to hosts (a Lustre file released
 * to HSM, an OrangeFS distribution other than simple_stripe or basic_dist). The resolver then falls back to the
 * configured layout with a warning; corrupt values raise {@link java.io.IOException} instead.
 */
final class UnusableLayoutException extends Exception {

  UnusableLayoutException(String message) {
    super(message);
  }
}
