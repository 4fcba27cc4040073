/** The /api contract (spec §7-8, ADR 003): every answer is {code, msg, data}; code 1 is success. */
const NO_STORE = { 'Cache-Control': 'no-store' }

export const SERVER_ERROR_MSG = 'server error, please try again later'

export function apiOk<T>(data: T, msg = '操作成功', headers: Record<string, string> = {}) {
  return Response.json({ code: 1, msg, data }, { headers: { ...NO_STORE, ...headers } })
}

/** A failure the client shows as a toast: HTTP 200 unless the policy says otherwise (403, 404, 500). */
export function apiFail(
  msg: string,
  { code = 0, status = 200, headers = {}, data = null }: { code?: number; status?: number; headers?: Record<string, string>; data?: unknown } = {},
) {
  return Response.json({ code, msg, data }, { status, headers: { ...NO_STORE, ...headers } })
}

/** Calls whose legacy answer is flat (upload: code, src, msg; import: code, fileId, msg). */
export function apiFlat(fields: { code: number; msg: string } & Record<string, unknown>) {
  return Response.json(fields, { headers: NO_STORE })
}
