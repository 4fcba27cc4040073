import { Link } from 'react-router'
import type { MemberFace } from '#app/services/members.server.ts'
import { uploadImageSrc } from '#app/uploads/upload-path.ts'
import { countLabel } from './homepage-bar.tsx'

const FACE_TONES = 6

/** One person's avatar, or the initial of their nickname in a coloured circle; put it in an aria-hidden box (the name is said beside it). */
export function Face({ initial, avatar }: MemberFace) {
  return avatar ? (
    <img className="member-face" src={uploadImageSrc(avatar, 24)} alt="" width={24} height={24} />
  ) : (
    <span className={`member-face tone-${(initial.codePointAt(0) ?? 0) % FACE_TONES}`}>
      {initial}
    </span>
  )
}

/**
 * Spec §2, §9: up to four people as avatars (an initial in a coloured circle until they upload
 * one), then the number of people. One link to the member list; its name says how many.
 */
export function MemberWidget({ faces, people, href }: { faces: MemberFace[]; people: number; href: string }) {
  return (
    <Link to={href} className="button button-small member-widget" preventScrollReset>
      {/* Named by its text (成员 N 人（成员列表）), so the visible count is part of the name. */}
      <span className="visually-hidden">成员</span>
      <span className="member-faces" aria-hidden="true">
        {faces.map((face, i) => (
          <Face key={i} {...face} />
        ))}
      </span>
      {countLabel(people)}
      <span className="visually-hidden">人（成员列表）</span>
    </Link>
  )
}

