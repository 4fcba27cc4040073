import { Form, useNavigation } from 'react-router'
import { Icon } from '#app/components/icon.tsx'
import type { ManageDialogData } from './types.ts'

type Data = Extract<ManageDialogData, { dialog: 'templates' }>

/**
 * 从模板添加: the built-in module templates, each with its categories; 添加 puts a copy on the
 * homepage as a new module (one-time key: a double click adds it once).
 */
export function TemplateList({ data }: { data: Data }) {
  const busy = useNavigation().state === 'submitting'
  return (
    <div className="manage-list">
      <ol className="manage-rows">
        {data.templates.map((t) => (
          <li key={t.id} className="manage-row template-row">
            <span className="manage-row-name">
              <Icon name={t.icon} />
              <span>
                <strong>{t.name}</strong>
                <span className="muted"> {t.summary}</span>
                <span className="template-bags">
                  {t.categories.map((c) => `${c.name}（${c.linkAmount}）`).join('、')}
                </span>
              </span>
            </span>
            <Form method="post" className="inline-form" preventScrollReset>
              <input type="hidden" name="homepageId" value={data.homepageId} />
              <input type="hidden" name="templateId" value={t.id} />
              <input type="hidden" name="key" value={`${data.key}:${t.id}`} />
              <button type="submit" name="intent" value="choose-template" className="button button-small button-primary" aria-label={`添加模板 ${t.name}`} disabled={busy}>
                添加
              </button>
            </Form>
          </li>
        ))}
      </ol>
    </div>
  )
}
