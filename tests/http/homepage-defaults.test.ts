import { expect, inject, test } from 'vitest'
import { signUp } from './content-helpers.ts'

/**
 * A new account's homepage is complete (issue 22 item 3): the edit form opens filled with its
 * name, icon and personal domain, and 保存 of the untouched form succeeds (it failed with
 * 请输入主页名称 and 请上传图标); search breadcrumbs name it instead of 未命名主页.
 */

const baseUrl = inject('baseUrl')

/** The value a form sends for `name`: its text input, or its checked radio (the icon picker). */
function valueOf(html: string, name: string) {
  const inputs = (html.match(/<input [^>]*>/g) ?? []).filter((tag) => tag.includes(` name="${name}"`))
  const sent = inputs.find((tag) => !tag.includes('type="radio"') || tag.includes(' checked=""'))
  return sent && /value="([^"]*)"/.exec(sent)?.[1]
}

test('编辑 → 保存 of a new homepage works untouched', async () => {
  const { client, homepageId } = await signUp(baseUrl, '小王')
  const form = await (await client.request(`/?dialog=edit-homepage&homepageId=${homepageId}`)).text()
  const fields = { title: valueOf(form, 'title'), icon: valueOf(form, 'icon'), code: valueOf(form, 'code') }
  expect(fields).toEqual({ title: '小王的主页', icon: 'tabler:home', code: expect.stringMatching(/^[a-z][a-z0-9-]{3,19}$/) })
  expect(form).not.toContain('未命名主页')

  const saved = await client.request(`/?index&dialog=edit-homepage&homepageId=${homepageId}`, {
    method: 'POST',
    form: { intent: 'save-homepage', homepageId: String(homepageId), summary: '', ...(fields as Record<string, string>) },
    headers: client.sameOrigin,
  })
  expect(saved.status, await saved.clone().text().then((t) => /field-error[^>]*>([^<]*)/.exec(t)?.[1] ?? '')).toBe(302)
  expect(saved.headers.get('location')).toBe(`/${fields.code}`)
})
