/** RFC 5987 `filename*`: percent-encoded UTF-8, with the characters encodeURIComponent leaves but attr-char does not allow. */
const rfc5987 = (value: string) => encodeURIComponent(value).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)

/** `attachment` with a plain ASCII name for old clients and the real (UTF-8) name for the rest (RFC 6266). */
export function contentDisposition(filename: string, asciiFilename: string) {
  const ascii = asciiFilename.replace(/[^\x20-\x7E]|["\\]/g, '_')
  return `attachment; filename="${ascii}"; filename*=UTF-8''${rfc5987(filename)}`
}

/** A file to save, never cached: it holds one user's private data (nosniff comes with every answer: helmet, server/index.ts). */
export function attachmentResponse(file: { body: string; filename: string; asciiFilename: string; contentType: string }) {
  return new Response(file.body, {
    headers: {
      'Content-Type': file.contentType,
      'Content-Disposition': contentDisposition(file.filename, file.asciiFilename),
      'Cache-Control': 'no-store',
    },
  })
}
