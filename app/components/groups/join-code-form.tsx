import { Form } from 'react-router'
import { GROUP_INVITE_HREF } from './group-href.ts'
import './groups.css'

/**
 * The invite code box (/group/join, and /group/invite when a code does not work): a GET form to
 * /group/invite?code=…, which shows the group before joining it. A pasted invite link works too.
 */
export function JoinCodeForm({ code = '', autoFocus = false }: { code?: string; autoFocus?: boolean }) {
  return (
    <Form method="get" action={GROUP_INVITE_HREF} className="group-code-form">
      <div className="field">
        <label htmlFor="group-invite-code">邀请码</label>
        <input
          id="group-invite-code"
          name="code"
          type="text"
          required
          maxLength={500}
          defaultValue={code}
          autoComplete="off"
          spellCheck={false}
          autoFocus={autoFocus}
          placeholder="粘贴邀请码或邀请链接"
          aria-describedby="group-invite-code-hint"
        />
        <p id="group-invite-code-hint" className="field-hint">
          邀请码由小组的创建者或管理员提供，也可以直接粘贴邀请链接。
        </p>
      </div>
      <button type="submit" className="button button-primary">
        查看小组
      </button>
    </Form>
  )
}
