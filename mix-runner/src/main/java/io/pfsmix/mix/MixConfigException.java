package io.pfsmix.mix;

/** A mix setting that cannot be used; the message names the setting and says why. Raised before anything runs. */
public final class MixConfigException extends IllegalArgumentException {

  private final String key;
  /** The message after the key it starts with, or null when it does not start with it (a Hadoop key's own message). */
  private final String afterKey;
  private final boolean usage;

  /** A value that can never work: its form, its range, or its combination with other settings. */
  public MixConfigException(String key, String problem) {
    this(key, problem, true);
  }

  /** A bad value found by {@link io.pfsmix.fs.PfsConfigValues}, whose message names the setting and the value. */
  MixConfigException(String key, IllegalArgumentException named) {
    super(named.getMessage(), named);
    this.key = key;
    // PfsConfigValues and Sizes start their messages with the key they read
    this.afterKey = named.getMessage().startsWith(key) ? named.getMessage().substring(key.length()) : null;
    this.usage = true;
  }

  private MixConfigException(String key, String problem, boolean usage) {
    super(key + ": " + problem);
    this.key = key;
    this.afterKey = ": " + problem;
    this.usage = usage;
  }

  /**
   * A well-formed value naming what cannot be used here: a file or program that is missing or unfit, a directory in the
   * way, a lock another mix holds. The same setting may work on another machine or later.
   */
  public static MixConfigException unavailable(String key, String problem) {
    return new MixConfigException(key, problem, false);
  }

  /** The setting at fault, as written in a mix configuration file. */
  public String key() {
    return key;
  }

  /** Whether the value itself is wrong (a usage error), rather than what it names being {@link #unavailable}. */
  public boolean usageError() {
    return usage;
  }

  /** The message with the setting called {@code name} (the flag that gave its value, say) instead of by its key. */
  public String messageNaming(String name) {
    return afterKey == null ? getMessage() : name + afterKey;
  }
}
