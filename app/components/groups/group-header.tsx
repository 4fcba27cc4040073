import { Form, Link } from 'react-router'
import { ItemIcon } from './item-icon.tsx'
import type { GroupCan, GroupHeader as Header } from './types.ts'

const ROLE_LABELS: Partial<Record<Header['role'], string>> = { owner: '你是创建者', admin: '你是管理员', member: '你是成员' }

/**
 * The group's card (icon, name, summary, 公开/私密, counts, creator) and what the actor may do to
 * it: star, join or apply, quit, edit, delete (a checkbox confirms it: no JavaScript needed), index mode.
 */
export function GroupHeader({ group, can, signIn, signedIn }: { group: Header; can: GroupCan; signIn: string; signedIn: boolean }) {
  return (
    <>
      <Banner banner={group.banner} />
      <header className="gd-card" aria-labelledby="gd-title">
      <ItemIcon icon={group.icon} name={group.name} size="large" />
      <div className="gd-card-text">
        <h1 id="gd-title" className="gd-title">
          {group.name}
          <span className={group.isOpen ? 'gd-badge' : 'gd-badge gd-badge-closed'}>{group.isOpen ? '公开' : '私密'}</span>
        </h1>
        {group.summary ? <p className="gd-summary">{group.summary}</p> : null}
        <p className="gd-facts muted">
          <span>{`${group.memberAmount} 位成员`}</span>
          <span>{`${group.bookmarkAmount} 个书签`}</span>
          <span>{`创建者：${group.creator}`}</span>
          {ROLE_LABELS[group.role] ? <span>{ROLE_LABELS[group.role]}</span> : null}
        </p>
      </div>
      <div className="gd-card-actions">
        {!signedIn ? (
          <Link to={signIn} className="button button-primary">
            {group.isOpen ? '登录后加入或收藏' : '登录后申请加入'}
          </Link>
        ) : null}
        {can.star ? (
          <Form method="post" className="gd-inline" preventScrollReset>
            <button type="submit" name="intent" value="star" className="button" aria-pressed={group.isStar}>
              {group.isStar ? '★ 已收藏' : '☆ 收藏'}
            </button>
          </Form>
        ) : null}
        {group.role === 'applicant' ? (
          // Plain text: the toast of 申请加入 already announces it (a second live region, first in the page, would shadow the toaster).
          <p className="gd-apply-state">
            已申请，等待审核
          </p>
        ) : can.join ? (
          <Form method="post" className="gd-inline" preventScrollReset>
            <button type="submit" name="intent" value="join" className="button button-primary">
              {group.isOpen ? '加入小组' : '申请加入'}
            </button>
          </Form>
        ) : null}
        {group.apply === 'rejected' ? <p className="gd-apply-state muted">上次的申请未通过，可以再次申请</p> : null}
        {can.quit ? (
          <Form method="post" className="gd-inline">
            <button type="submit" name="intent" value="quit" className="button button-danger">
              退出小组
            </button>
          </Form>
        ) : null}
        {can.editGroup ? (
          <Link to={`/group/create?id=${group.id}`} className="button">
            编辑
          </Link>
        ) : null}
        {can.editGroup ? (
          <Form method="post" className="gd-inline">
            <button type="submit" name="intent" value="index-mode" className="button" title="小组首页显示一个分类，或全部书签">
              {group.indexMode === 'all' ? '首页模式：全部书签' : '首页模式：按分类'}
            </button>
          </Form>
        ) : null}
        {can.editGroup ? <BannerForm banner={group.banner} /> : null}
        {can.deleteGroup ? (
          <details className="gd-danger-zone">
            <summary className="button button-danger">删除小组</summary>
            <Form method="post" className="gd-confirm">
              <label className="gd-check-label">
                <input type="checkbox" name="confirm" required /> 确认删除这个小组
              </label>
              <p className="field-hint">删除后可以在小组回收站中恢复。</p>
              <button type="submit" name="intent" value="delete-group" className="button button-danger">
                确认删除
              </button>
            </Form>
          </details>
        ) : null}
      </div>
    </header>
    </>
  )
}

/** The banner: the slogan on its colour or picture (values checked when saved: a #rrggbb colour, one of our uploads). */
function Banner({ banner }: { banner: Header['banner'] }) {
  if (!banner.slogan && !banner.color && !banner.image) return null
  const style = {
    ...(banner.color ? { backgroundColor: banner.color } : {}),
    ...(banner.image ? { backgroundImage: `url("${banner.image}")` } : {}),
  }
  return (
    <div className={banner.image || banner.color ? 'gd-banner gd-banner-filled' : 'gd-banner'} style={style}>
      {banner.slogan ? <p className="gd-banner-slogan">{banner.slogan}</p> : null}
    </div>
  )
}

/** The owner's banner settings, a plain form: the slogan and its background colour. */
function BannerForm({ banner }: { banner: Header['banner'] }) {
  return (
    <details className="gd-danger-zone">
      <summary className="button">横幅</summary>
      <Form method="post" className="gd-confirm gd-settings">
        <div className="field">
          <label htmlFor="gd-banner-slogan">标语</label>
          <input id="gd-banner-slogan" name="slogan" maxLength={50} defaultValue={banner.slogan} placeholder="小组的一句话介绍" />
        </div>
        <div className="field">
          <label htmlFor="gd-banner-color">背景颜色</label>
          <input id="gd-banner-color" name="color" defaultValue={banner.color} placeholder="#3b7ddd" pattern="#[0-9a-fA-F]{6}" aria-describedby="gd-banner-color-hint" />
          <p id="gd-banner-color-hint" className="field-hint">
            颜色写成 #rrggbb，留空则不显示背景。
          </p>
        </div>
        <button type="submit" name="intent" value="banner" className="button button-primary">
          保存横幅
        </button>
      </Form>
    </details>
  )
}
