import { type ApiArgs, apiCallOf } from '#app/api/calls.server.ts'

/** /api/* (spec §7): each call is a file of app/routes/api/, found by its path (app/api/calls.server.ts). */
export const loader = (args: ApiArgs) => apiCallOf(args).loader(args)
export const action = (args: ApiArgs) => apiCallOf(args).action(args)
