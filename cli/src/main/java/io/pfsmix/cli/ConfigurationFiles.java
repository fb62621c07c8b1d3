package io.pfsmix.cli;

import java.io.IOException;
import java.io.InputStream;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Paths;
import java.util.List;

import javax.xml.stream.Location;
import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;

/**
 * Checks the Hadoop configuration files on the classpath (conf/, or HADOOP_CONF_DIR) before any command runs. Hadoop
 * reads them lazily, inside whichever class first asks for a key, so a broken file fails there with a long stack trace
 * (an ExceptionInInitializerError when that is a static initializer) and no word of which file to fix.
 */
final class ConfigurationFiles {

  /** The files a user edits; Hadoop's *-default.xml come from its own jars. */
  static final List<String> SITE_FILES = List.of("core-site.xml", "hdfs-site.xml", "mapred-site.xml",
      "yarn-site.xml");

  private ConfigurationFiles() {
  }

  /** One line naming the first broken file and what is wrong with it, or null when all of them parse. */
  static String problem(ClassLoader loader) {
    XMLInputFactory factory = XMLInputFactory.newInstance();
    // as Hadoop's own parser: no DTDs, no external entities
    factory.setProperty(XMLInputFactory.SUPPORT_DTD, false);
    factory.setProperty(XMLInputFactory.IS_SUPPORTING_EXTERNAL_ENTITIES, false);
    for (String name : SITE_FILES) {
      URL url = loader.getResource(name); // Hadoop, too, takes the first one on the classpath
      if (url == null) {
        continue;
      }
      try (InputStream in = url.openStream()) {
        XMLStreamReader reader = factory.createXMLStreamReader(url.toString(), in);
        while (reader.hasNext()) {
          reader.next();
        }
        reader.close();
      } catch (XMLStreamException e) {
        Location at = e.getLocation();
        return "configuration file " + display(url) + " is not well-formed XML"
            + (at != null && at.getLineNumber() > 0 ? " at line " + at.getLineNumber() + ", column "
                + at.getColumnNumber() : "")
            + ": " + reason(e) + "; fix it, or point HADOOP_CONF_DIR at another directory";
      } catch (IOException e) {
        return "cannot read configuration file " + display(url) + ": " + e.getMessage();
      }
    }
    return null;
  }

  /** The parser's reason without its location lines (woodstox: first line; the JDK's parser: the "Message:" line). */
  private static String reason(XMLStreamException e) {
    String message = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    for (String line : message.split("\n")) {
      if (line.startsWith("Message: ")) {
        return line.substring("Message: ".length()).trim();
      }
    }
    return message.split("\n")[0].trim();
  }

  private static String display(URL url) {
    try {
      return "file".equals(url.getProtocol()) ? Paths.get(url.toURI()).toString() : url.toString();
    } catch (URISyntaxException | IllegalArgumentException e) {
      return url.toString();
    }
  }
}
