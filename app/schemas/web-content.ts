import { LinkUrl } from './content.ts'
import { z } from './zod.ts'

/** Spec §5: fetching the title with an empty address. */
export const SITE_URL_REQUIRED_MSG = '请输入网址地址URL'
/** Spec §5 (remote icon): the address is required. */
export const REMOTE_ICON_REQUIRED_MSG = '请输入远程图标地址'

const required = (message: string) =>
  z.preprocess((value) => (value === null || value === undefined ? '' : value), z.string({ error: message }).trim().min(1, message)).pipe(LinkUrl)

/** GET /api/source/get-web-content {site_url}. */
export const WebContentQuerySchema = z.object({ site_url: required(SITE_URL_REQUIRED_MSG) })

/** GET /api/source/crawler-remote-icon {url}: an image address, or a site whose icon to take. */
export const RemoteIconQuerySchema = z.object({ url: required(REMOTE_ICON_REQUIRED_MSG) })

/** POST /api/upload/remote {url}: an image of another site, pasted into a note. */
export const RemoteImageSchema = z.object({ url: required('请输入图片地址') })
