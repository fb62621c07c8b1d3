package io.pfsmix.mix;

/** A mix setting that cannot be used; the message names the setting and says why. Raised before anything runs. */
public final class MixConfigException extends IllegalArgumentException {

  private final String key;

  public MixConfigException(String key, String problem) {
    super(key + ": " + problem);
    this.key = key;
  }

  /** A bad value found by {@link io.pfsmix.fs.PfsConfigValues}, whose message names the setting and the value. */
  MixConfigException(String key, IllegalArgumentException named) {
    super(named.getMessage(), named);
    this.key = key;
  }

  /** The setting at fault, as written in a mix configuration file. */
  public String key() {
    return key;
  }
}
