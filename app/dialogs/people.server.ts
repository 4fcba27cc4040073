import { ObjectId } from '#app/schemas/ids.ts'
import { z } from '#app/schemas/zod.ts'
import { PublishHomepageSchema } from '#app/schemas/homepage.ts'
import { codeSeed, freeCode } from '#app/services/homepage-defaults.server.ts'
import { publishHomepage, toggleHomepageOpen } from '#app/services/homepages.server.ts'
import { qrSvg } from '#app/tools/qrcode.ts'
import { appOrigin } from '#app/utils/http.server.ts'
import {
  getInviteLink,
  INVITE_MADE_MSG,
  listMembers,
  MEMBER_PAGE_SIZE,
  removeMember,
  resetInviteLink,
  setMemberPermission,
} from '#app/services/members.server.ts'
import { isUploadPath } from '#app/uploads/upload-path.ts'
import { homepageStats } from '#app/services/visits.server.ts'
import { clickIntent, dialog, family, formIntent, SET_MSG } from './family.server.ts'

/** The owner's share panel (public link, invite link, visits) and the member list (appoint, remove, leave). */

const HomepageIdSchema = z.object({ homepageId: ObjectId })
const MemberSchema = z.object({ homepageId: ObjectId, userId: ObjectId })
const InviteSchema = HomepageIdSchema.extend({ type: z.enum(['generate', 'reset', 'close']).catch('reset') })
const PermissionSchema = MemberSchema.extend({ permission: z.enum(['manager', 'member']).catch('member') })

export const peopleFamily = family({
  dialogs: {
    share: dialog<'share'>({
      capability: 'share',
      keepsOpen: true,
      load: async ({ db, user, resolved, url }) => {
        const homepageId = resolved.homepage.id
        const link = await getInviteLink(db, user, homepageId, 'get')
        const code = resolved.homepage.code ?? ''
        // The full address to hand on (APP_ORIGIN, else this request's origin), and its QR code
        // drawn here: neither the encoder nor the drawing is in any page's JavaScript.
        const address = code ? new URL(`/${code}`, appOrigin(url)).href : ''
        const qr = address && resolved.homepage.isOpen ? await qrSvg(address) : null
        return {
          dialog: 'share',
          tab: url.searchParams.get('tab') === 'invite' ? 'invite' : 'link',
          homepageId,
          isOpen: resolved.homepage.isOpen,
          code,
          address,
          qr: qr?.ok ? qr.value : '',
          // Without a personal domain the panel asks for one, prefilled with a free one.
          suggestion: code ? '' : await freeCode(db, codeSeed(user)),
          invite: link.url ? { url: link.url, expiresAt: link.expiresAt, useCount: link.useCount, maxUses: link.maxUses } : null,
          memberAmount: resolved.memberAmount,
          followAmount: resolved.followAmount,
          stats: await homepageStats(db, homepageId),
        }
      },
    }),
    members: dialog<'members'>({
      capability: 'view-members',
      keepsOpen: true,
      load: async ({ db, user, resolved, page: pageParam }) => {
        const page = pageParam()
        const result = await listMembers(db, user, resolved.homepage.id, { page, size: MEMBER_PAGE_SIZE })
        // The creator heads the first page; only what a row shows goes to the page.
        const members = [...(page === 1 ? [result.creator] : []), ...result.list].map(({ uid, nickname, avatar, permission, isCreator, createTime }) => ({
          uid,
          nickname,
          // Only our own uploads, as the members widget (never another site's address).
          avatar: avatar && isUploadPath(avatar) ? avatar : '',
          permission,
          isCreator,
          createTime,
        }))
        return {
          dialog: 'members',
          homepageId: resolved.homepage.id,
          page,
          members,
          total: result.total,
          next: result.next,
          isOwner: resolved.role === 'owner',
          selfId: user.id,
        }
      },
    }),
  },
  intents: {
    'publish-homepage': formIntent({
      schema: PublishHomepageSchema,
      dialog: 'share',
      run: (value, { db, user }) => publishHomepage(db, user, value).then(({ msg }) => msg),
      // Back to the panel, which now shows the full address, 复制 and the QR code.
      next: (_value, { page }) => `${page.pathname}${page.search}`,
    }),
    'share-homepage': clickIntent({ schema: HomepageIdSchema, run: async ({ homepageId }, { db, user }) => (await toggleHomepageOpen(db, user, homepageId)).msg }),
    'invite-link': clickIntent({
      schema: InviteSchema,
      run: async ({ homepageId, type }, { db, user }) => {
        if (type === 'generate') return getInviteLink(db, user, homepageId, 'generate').then(() => INVITE_MADE_MSG)
        return (await resetInviteLink(db, user, homepageId, type)).msg
      },
    }),
    'member-permission': clickIntent({
      schema: PermissionSchema,
      run: ({ homepageId, userId, permission }, { db, user }) => setMemberPermission(db, user, homepageId, userId, permission).then(() => SET_MSG),
    }),
    // The owner removes a member; a member or manager leaves (their own id) and lands on their own start page.
    'remove-member': clickIntent({
      schema: MemberSchema,
      run: async ({ homepageId, userId }, { db, user }) => {
        const { msg } = await removeMember(db, user, homepageId, userId)
        return userId === user.id ? { msg, to: '/' } : msg
      },
    }),
  },
})
