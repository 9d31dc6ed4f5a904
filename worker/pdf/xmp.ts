import { PDFName, type PDFDocument } from 'pdf-lib'

/**
 * The document's XMP metadata stream (ISO 16684-1), which PDF/UA-1 (ISO 14289-1, 5 and 7.1) asks for: the
 * title as dc:title, the same facts as the Info dictionary, and the PDF/UA identifier pdfuaid:part 1 that
 * says the file claims conformance (issue 35, decision 225). Uncompressed and without a packet date of its
 * own, so the same input still gives the same bytes.
 */
export interface XmpFacts {
  title: string
  subject: string
  author: string
  creator: string
  producer: string
  keywords: string[]
  language: string
  created: Date
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')
}

/** The XMP packet's text. */
function xmpPacket(f: XmpFacts): string {
  const e = escapeXml
  const date = f.created.toISOString().replace(/\.\d{3}Z$/, 'Z')
  const lang = e(f.language)
  return `<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?>
<x:xmpmeta xmlns:x="adobe:ns:meta/">
 <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
  <rdf:Description rdf:about=""
    xmlns:dc="http://purl.org/dc/elements/1.1/"
    xmlns:xmp="http://ns.adobe.com/xap/1.0/"
    xmlns:pdf="http://ns.adobe.com/pdf/1.3/"
    xmlns:pdfuaid="http://www.aiim.org/pdfua/ns/id/">
   <dc:format>application/pdf</dc:format>
   <dc:title><rdf:Alt><rdf:li xml:lang="x-default">${e(f.title)}</rdf:li><rdf:li xml:lang="${lang}">${e(f.title)}</rdf:li></rdf:Alt></dc:title>
   <dc:description><rdf:Alt><rdf:li xml:lang="x-default">${e(f.subject)}</rdf:li></rdf:Alt></dc:description>
   <dc:creator><rdf:Seq><rdf:li>${e(f.author)}</rdf:li></rdf:Seq></dc:creator>
   <dc:language><rdf:Bag><rdf:li>${lang}</rdf:li></rdf:Bag></dc:language>
   <xmp:CreatorTool>${e(f.creator)}</xmp:CreatorTool>
   <xmp:CreateDate>${date}</xmp:CreateDate>
   <xmp:ModifyDate>${date}</xmp:ModifyDate>
   <xmp:MetadataDate>${date}</xmp:MetadataDate>
   <pdf:Producer>${e(f.producer)}</pdf:Producer>
   <pdf:Keywords>${e(f.keywords.join(' '))}</pdf:Keywords>
   <pdfuaid:part>1</pdfuaid:part>
  </rdf:Description>
 </rdf:RDF>
</x:xmpmeta>
<?xpacket end="w"?>`
}

/** Sets the catalog's /Metadata to the packet, as an uncompressed XML stream (readable by any XMP reader). */
export function attachXmp(doc: PDFDocument, facts: XmpFacts): void {
  const stream = doc.context.stream(new TextEncoder().encode(xmpPacket(facts)), { Type: 'Metadata', Subtype: 'XML' })
  doc.catalog.set(PDFName.of('Metadata'), doc.context.register(stream))
}
