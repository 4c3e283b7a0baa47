import java.io.File;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import javax.xml.XMLConstants;
import javax.xml.transform.stream.StreamSource;
import javax.xml.validation.Schema;
import javax.xml.validation.SchemaFactory;
import javax.xml.validation.Validator;
import net.sf.saxon.s9api.Processor;
import net.sf.saxon.s9api.QName;
import net.sf.saxon.s9api.XdmDestination;
import net.sf.saxon.s9api.XdmNode;
import net.sf.saxon.s9api.XdmItem;
import net.sf.saxon.s9api.XPathCompiler;
import net.sf.saxon.s9api.XsltExecutable;
import net.sf.saxon.s9api.XsltTransformer;
import org.xml.sax.ErrorHandler;
import org.xml.sax.SAXParseException;

/**
 * Checks e-invoices the way ZATCA's SDK does (tests/support/zatca-rules/README.md): the UBL 2.1 XSD (the JDK's
 * validator) and the EN 16931 and ZATCA schematrons (XSLT 2.0, Saxon HE), every document in one JVM.
 * Usage: java -cp Saxon-HE.jar ZatcaValidate.java RULES_DIR FILE.xml... ; prints one tab-separated line per finding:
 * FILE  xsd|error|warning  ID  TEXT  (a "fatal" flag counts as error), then "FILE  done" for each file.
 */
public class ZatcaValidate {
  public static void main(String[] args) throws Exception {
    File rules = new File(args[0]);
    Schema schema = SchemaFactory.newInstance(XMLConstants.W3C_XML_SCHEMA_NS_URI)
        .newSchema(new File(rules, "xsd/maindoc/UBL-Invoice-2.1.xsd"));
    Processor saxon = new Processor(false);
    List<XsltExecutable> schematrons = new ArrayList<>();
    for (String s : new String[] {"sch/CEN-EN16931-UBL.xsl", "sch/20210819_ZATCA_E-invoice_Validation_Rules.xsl"})
      schematrons.add(saxon.newXsltCompiler().compile(new StreamSource(new File(rules, s))));
    XPathCompiler xp = saxon.newXPathCompiler();
    xp.declareNamespace("svrl", "http://purl.oclc.org/dsdl/svrl");
    StringBuilder out = new StringBuilder();
    for (int i = 1; i < args.length; i++) {
      String file = args[i];
      List<String> xsd = new ArrayList<>();
      Validator v = schema.newValidator();
      v.setErrorHandler(new ErrorHandler() {
        public void warning(SAXParseException e) {}
        public void error(SAXParseException e) { xsd.add(e.getLineNumber() + ": " + e.getMessage()); }
        public void fatalError(SAXParseException e) { xsd.add(e.getLineNumber() + ": " + e.getMessage()); }
      });
      try {
        v.validate(new StreamSource(new File(file)));
      } catch (SAXParseException e) {
        // Already reported to the handler.
      }
      for (String m : xsd) line(out, file, "xsd", "XSD", m);
      XdmNode doc = saxon.newDocumentBuilder().build(new File(file));
      for (XsltExecutable x : schematrons) {
        XsltTransformer t = x.load();
        t.setInitialContextNode(doc);
        XdmDestination svrl = new XdmDestination();
        t.setDestination(svrl);
        t.transform();
        for (XdmItem item : xp.evaluate("//svrl:failed-assert | //svrl:successful-report", svrl.getXdmNode())) {
          XdmNode n = (XdmNode) item;
          String flag = n.getAttributeValue(new QName("flag"));
          String id = n.getAttributeValue(new QName("id"));
          String text = xp.evaluateSingle("string(svrl:text)", n).getStringValue();
          line(out, file, "warning".equals(flag) ? "warning" : "error", id == null ? "" : id, text);
        }
      }
      out.append(file).append("\tdone\n");
    }
    System.out.print(out);
  }

  private static void line(StringBuilder out, String file, String level, String id, String text) {
    out.append(file).append('\t').append(level).append('\t').append(id).append('\t')
        .append(text.replaceAll("\\s+", " ").trim()).append('\n');
  }
}
