package io.pfsmix.tfidf;

import java.io.IOException;

/** A model file that this build cannot use: not a model, another format or tokenizer version, or damaged. */
public final class ModelFormatException extends IOException {

  private static final long serialVersionUID = 1L;

  public ModelFormatException(String message) {
    super(message);
  }
}
