/**
 * The multipart body, the same bytes for the same claim, files and key: the /v1 idempotency middleware
 * compares a retry's bytes with the first request's, and a browser's FormData picks a new boundary for
 * every send. The boundary comes from the key instead.
 */
export function encodeClaim(submission: unknown, files: readonly File[], key: string): { body: Blob; contentType: string } {
  const boundary = `----claim-${key.replace(/[^A-Za-z0-9-]/g, '')}`
  const head = (disposition: string, type?: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; ${disposition}\r\n${type ? `Content-Type: ${type}\r\n` : ''}\r\n`
  const parts: (string | Blob)[] = [head('name="claimSubmission"'), JSON.stringify(submission), '\r\n']
  for (const f of files) {
    const name = f.name.replace(/"/g, '%22').replace(/[\r\n]/g, ' ')
    parts.push(head(`name="file"; filename="${name}"`, f.type || 'application/octet-stream'), f, '\r\n')
  }
  parts.push(`--${boundary}--\r\n`)
  return { body: new Blob(parts), contentType: `multipart/form-data; boundary=${boundary}` }
}
