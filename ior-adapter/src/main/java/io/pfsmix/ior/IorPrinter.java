package io.pfsmix.ior;

import java.io.PrintStream;
import java.util.Locale;

/**
 * IOR's key/value output machinery (ior-output.c's PrintKeyVal, PrintStartSection, PrintNamedArrayStart, ...)
 * reimplemented with the same state — indentation and "a separator is due" — so the text and JSON come out as IOR
 * lays them out, including IOR's own spacing quirks.
 */
final class IorPrinter {

  private final PrintStream out;
  private final SummaryFormat format;
  private int indent;
  private boolean needNextToken;

  IorPrinter(PrintStream out, SummaryFormat format) {
    this.out = out;
    this.format = format;
  }

  PrintStream out() {
    return out;
  }

  SummaryFormat format() {
    return format;
  }

  boolean isDefault() {
    return format == SummaryFormat.DEFAULT;
  }

  boolean isJson() {
    return format == SummaryFormat.JSON;
  }

  void printf(String pattern, Object... args) {
    out.print(String.format(Locale.ROOT, pattern, args));
  }

  private void printIndent() {
    if (!isJson()) {
      return;
    }
    for (int i = 0; i < indent; i++) {
      out.print("  ");
    }
  }

  private void nextToken() {
    if (needNextToken) {
      needNextToken = false;
      if (isJson()) {
        out.print(", \n");
      }
    }
    printIndent();
  }

  void keyVal(String key, String value) {
    if (format == SummaryFormat.CSV) {
      return;
    }
    nextToken();
    needNextToken = true;
    if (isDefault()) {
      printf("%-20s: %s\n", key, value);
    } else {
      printf("\"%s\": \"%s\"", key, value);
    }
  }

  void keyValDouble(String key, double value) {
    if (format == SummaryFormat.CSV) {
      return;
    }
    nextToken();
    needNextToken = true;
    if (isDefault()) {
      printf("%-20s: %.4f\n", key, value);
    } else {
      printf("\"%s\": %.4f", key, value);
    }
  }

  void keyValInt(String key, long value) {
    if (format == SummaryFormat.CSV) {
      return;
    }
    nextToken();
    needNextToken = true;
    if (isDefault()) {
      printf("%-20s: %d\n", key, value);
    } else {
      printf("\"%s\": %d", key, value);
    }
  }

  void startSection() {
    if (format == SummaryFormat.CSV) {
      return;
    }
    nextToken();
    needNextToken = false;
    if (isJson()) {
      printIndent();
      out.print("{\n");
    }
    indent++;
  }

  void namedSectionStart(String key) {
    named(key, "{");
  }

  void namedArrayStart(String key) {
    named(key, "[");
  }

  private void named(String key, String open) {
    if (format == SummaryFormat.CSV) {
      return;
    }
    nextToken();
    needNextToken = false;
    indent++;
    if (isJson()) {
      printf("\"%s\": %s\n", key, open);
    } else {
      printf("\n%s: \n", key);
    }
  }

  /** IOR's PrintArrayNamedStart: like namedArrayStart but without indenting, and silent outside JSON. */
  void arrayNamedStart(String key) {
    if (format == SummaryFormat.CSV) {
      return;
    }
    nextToken();
    needNextToken = false;
    if (isJson()) {
      printf("\"%s\": [\n", key);
    }
  }

  void endSection() {
    if (format == SummaryFormat.CSV) {
      return;
    }
    indent--;
    if (isJson()) {
      out.print("\n");
      printIndent();
      out.print("}\n");
    }
    needNextToken = true;
  }

  void arrayEnd() {
    if (format == SummaryFormat.CSV) {
      return;
    }
    indent--;
    if (isJson()) {
      out.print("]\n");
    }
    needNextToken = true;
  }

  /**
   * IOR's PPDouble: a 10-wide left-justified number with 6 decimals below 1, 2 below 3600, else none; "-" when negative.
   */
  void ppDouble(double number, String append) {
    if (number < 0) {
      printf("   -      %s", append);
      return;
    }
    int precision = number < 1 ? 6 : number < 3600 ? 2 : 0;
    printf("%-10." + precision + "f%s", number, append);
  }

  void flush() {
    out.flush();
  }
}
