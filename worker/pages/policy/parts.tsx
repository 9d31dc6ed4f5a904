import type { ReactNode } from 'react'

import { cityStateZip, type AddressLike } from '../../../shared/format'

/** Small pieces the servicing screens share. */

/** An address as lines: address 1, address 2 (when present), city/state/zip, then any extra lines. */
export function AddressLines({ address, extra = [] }: { address: AddressLike; extra?: ReactNode[] }) {
  const lines: ReactNode[] = [address.address1, address.address2 || null, cityStateZip(address), ...extra].filter((l) => l !== null && l !== '')
  return (
    <span className="address">
      {lines.map((line, i) => (
        <span className="address__line" key={i}>
          {line}
        </span>
      ))}
    </span>
  )
}

export interface Column<R> {
  header: string
  cell: (row: R) => ReactNode
  /** 'money' right-aligns the column's header; its cells align by their data-label in servicing.css. */
  kind?: 'money'
}

/** A table that stacks into labelled rows on narrow screens (no sideways scrolling). */
export function DataTable<R>({
  caption,
  columns,
  rows,
  rowKey,
}: {
  caption: string
  columns: Column<R>[]
  rows: readonly R[]
  rowKey: (row: R, i: number) => string
}) {
  return (
    <table className="stack-table">
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          {columns.map((c) => (
            <th scope="col" key={c.header} className={c.kind}>
              {c.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row, i) => (
          <tr key={rowKey(row, i)}>
            {columns.map((c) => (
              <td data-label={c.header} key={c.header}>
                {c.cell(row)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  )
}

/** A servicing screen: its heading and content in one card. */
export function Screen({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <section className="card servicing" aria-labelledby={id}>
      <h1 id={id}>{title}</h1>
      {children}
    </section>
  )
}

export function EmptyText({ children }: { children: string }) {
  return <p className="empty-text">{children}</p>
}
