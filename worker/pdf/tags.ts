import { PDFArray, PDFName, PDFNumber, PDFOperator, PDFOperatorNames, PDFString, type PDFDocument, type PDFPage, type PDFRef } from 'pdf-lib'

/**
 * The structure of a tagged PDF (PDF/UA, WCAG 1.3.1; issue 21, decision 183), written beside pdf-lib's
 * drawing: each piece of text is marked content with an id (MCID) on its page, owned by a structure
 * element (H1, H2, P, Table/TR/TH/TD) in reading order under one Document element; what repeats on
 * every page (the header band, the page footers) is an Artifact, skipped by assistive technology.
 * pdf-lib draws but does not tag, so the operators and the tree are written here by hand.
 */
export type StructType = 'Document' | 'H1' | 'H2' | 'P' | 'Table' | 'TR' | 'TH' | 'TD'

export interface StructNode {
  type: StructType
  children: StructNode[]
  /** The marked contents this element owns directly: page index and MCID. */
  marks: { page: number; mcid: number }[]
  /** A header cell's direction (PDF/UA: every TH says whether it heads its row or its column). */
  scope?: 'Row' | 'Column'
}

export class PdfTags {
  readonly root: StructNode = { type: 'Document', children: [], marks: [] }
  /** Per page, the element owning each MCID (the parent tree). */
  private readonly owners: StructNode[][] = []

  /** A new element under `parent` (the document when not given), in reading order. */
  add(type: StructType, parent: StructNode = this.root, scope?: 'Row' | 'Column'): StructNode {
    const node: StructNode = { type, children: [], marks: [], ...(scope ? { scope } : {}) }
    parent.children.push(node)
    return node
  }

  /** Draws `draw` on the page as marked content of `node`. */
  marked(page: PDFPage, pageIndex: number, node: StructNode, draw: () => void): void {
    const owners = this.owners[pageIndex] ?? []
    this.owners[pageIndex] = owners
    const mcid = owners.length
    owners.push(node)
    node.marks.push({ page: pageIndex, mcid })
    // pdf-lib's types leave dictionaries out of operator arguments; it writes any PDF object the same way.
    const props = page.doc.context.obj({ MCID: mcid }) as unknown as PDFName
    page.pushOperators(PDFOperator.of(PDFOperatorNames.BeginMarkedContentSequence, [PDFName.of(node.type), props]))
    draw()
    page.pushOperators(PDFOperator.of(PDFOperatorNames.EndMarkedContent))
  }

  /** Draws `draw` as an artifact (page furniture: not read, not in the structure). */
  static artifact(page: PDFPage, draw: () => void): void {
    page.pushOperators(PDFOperator.of(PDFOperatorNames.BeginMarkedContent, [PDFName.of('Artifact')]))
    draw()
    page.pushOperators(PDFOperator.of(PDFOperatorNames.EndMarkedContent))
  }

  /** Writes the structure tree, the parent tree and the catalog's marks; call once, after all drawing. */
  write(doc: PDFDocument, language: string): void {
    const ctx = doc.context
    const pages = doc.getPages()
    const refs = new Map<StructNode, PDFRef>()
    const allocate = (n: StructNode) => {
      refs.set(n, ctx.nextRef())
      n.children.forEach(allocate)
    }
    allocate(this.root)
    const treeRef = ctx.nextRef()
    const writeNode = (n: StructNode, parent: PDFRef) => {
      const kids = PDFArray.withContext(ctx)
      for (const m of n.marks) kids.push(ctx.obj({ Type: 'MCR', Pg: pages[m.page]!.ref, MCID: m.mcid }))
      for (const c of n.children) kids.push(refs.get(c)!)
      const attributes = n.scope ? { A: ctx.obj({ O: 'Table', Scope: n.scope }) } : {}
      ctx.assign(refs.get(n)!, ctx.obj({ Type: 'StructElem', S: n.type, P: parent, K: kids, ...attributes }))
      for (const c of n.children) writeNode(c, refs.get(n)!)
    }
    writeNode(this.root, treeRef)
    const nums = PDFArray.withContext(ctx)
    pages.forEach((page, i) => {
      page.node.set(PDFName.of('StructParents'), PDFNumber.of(i))
      page.node.set(PDFName.of('Tabs'), PDFName.of('S'))
      nums.push(PDFNumber.of(i))
      const owners = PDFArray.withContext(ctx)
      for (const owner of this.owners[i] ?? []) owners.push(refs.get(owner)!)
      nums.push(owners)
    })
    ctx.assign(treeRef, ctx.obj({ Type: 'StructTreeRoot', K: refs.get(this.root)!, ParentTree: ctx.obj({ Nums: nums }), ParentTreeNextKey: pages.length }))
    doc.catalog.set(PDFName.of('StructTreeRoot'), treeRef)
    doc.catalog.set(PDFName.of('MarkInfo'), ctx.obj({ Marked: true }))
    doc.catalog.set(PDFName.of('Lang'), PDFString.of(language))
  }
}
