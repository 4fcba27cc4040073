import { initialValues, TOOL_FORMS, type ToolFormSpec } from './forms.ts'
import { fail, type ToolFields, type ToolResult } from './result.ts'

/**
 * Runs a tool on submitted values: the /tool/{alias} action on the server and the page in the
 * browser both call this, so the answer is the same with or without JavaScript. Each tool's code
 * is loaded on first use, so a page carries only the tool it shows (pinyin-pro's dictionary and
 * the QR encoder stay out of every other page).
 */

type ToolModule = { run: (fields: ToolFields) => ToolResult | Promise<ToolResult> }

const MODULES: Record<string, () => Promise<ToolModule>> = {
  json: () => import('./json.ts'),
  timestamp: () => import('./timestamp.ts'),
  base64: () => import('./base64.ts'),
  url: () => import('./url-codec.ts'),
  pinyin: () => import('./pinyin.ts'),
  'word-count': () => import('./word-count.ts'),
  color: () => import('./color.ts'),
  qrcode: () => import('./qrcode.ts'),
}

export type ToolRun = { values: ToolFields; result: ToolResult }

/**
 * The declared fields only, as strings: text within its length (longer is refused, and only the
 * allowed part echoed back), choices among their options (missing → the default).
 */
function readValues(spec: ToolFormSpec, submitted: Record<string, unknown>): { values: ToolFields; error?: ToolResult } {
  const values = initialValues(spec)
  for (const field of spec.fields) {
    const raw = submitted[field.name]
    if (typeof raw !== 'string') continue
    if ('options' in field) {
      if (!field.options.some((option) => option.value === raw)) return { values, error: fail(field.name, `请选择${field.label}`) }
      values[field.name] = raw
    } else {
      values[field.name] = raw.slice(0, field.maxLength)
      if (raw.length > field.maxLength) return { values, error: fail(field.name, `${field.label}不能超过 ${field.maxLength} 个字符`) }
    }
  }
  return { values }
}

/** null for an unknown alias. */
export async function runTool(alias: string, submitted: Record<string, unknown>): Promise<ToolRun | null> {
  const spec = Object.hasOwn(TOOL_FORMS, alias) ? TOOL_FORMS[alias] : undefined
  const load = Object.hasOwn(MODULES, alias) ? MODULES[alias] : undefined
  if (!spec || !load) return null
  const { values, error } = readValues(spec, submitted)
  if (error) return { values, result: error }
  const intent = spec.extra && submitted.intent === spec.extra.intent ? spec.extra.intent : ''
  const result = await (await load()).run({ ...values, intent })
  return { values: result.ok && result.fill ? { ...values, ...result.fill } : values, result }
}
