/**
 * The `ping` of a bookmark of a list, counting its clicks: POST /c/{id} (routes/click.ts), the short
 * form of /api/source/click?id= (a page holds a thousand: PERFORMANCE.md budget 4).
 */
export const clickPing = (id: number) => `/c/${id}`
