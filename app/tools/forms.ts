import { DEFAULT_TIME_ZONE } from '#app/utils/clock.ts'

/**
 * Each tool's form: its fields, in order, and its buttons. One component draws every form
 * (components/tools/tool-form.tsx) and runTool checks submitted values against the same list.
 */

export type ToolOption = { value: string; label: string }

export type TextField = { kind: 'textarea' | 'text'; name: string; label: string; maxLength: number; rows?: number; placeholder?: string; hint?: string }
export type ChoiceField = { kind: 'radio' | 'select'; name: string; label: string; options: ToolOption[]; initial: string }
export type ToolField = TextField | ChoiceField

export type ToolFormSpec = {
  fields: ToolField[]
  submit: string
  /** A second button sending intent=<intent> (时间戳's 当前时间). */
  extra?: { intent: string; label: string }
}

const TEXT_MAX = 100_000

const input = (label: string, more: Partial<TextField> = {}): TextField => ({
  kind: 'textarea',
  name: 'input',
  label,
  maxLength: TEXT_MAX,
  rows: 8,
  ...more,
})

const choice = (
  name: string,
  label: string,
  options: Array<[string, string]>,
  { kind = 'radio', initial = options[0]![0] }: { kind?: 'radio' | 'select'; initial?: string } = {},
): ChoiceField => ({ kind, name, label, options: options.map(([value, text]) => ({ value, label: text })), initial })

const ENCODE_DECODE: Array<[string, string]> = [
  ['encode', '编码'],
  ['decode', '解码'],
]

/** Time zones offered by 时间戳转换; Beijing time first (the default). */
export const TIME_ZONES: Array<[string, string]> = [
  [DEFAULT_TIME_ZONE, '北京时间（Asia/Shanghai）'],
  ['UTC', '协调世界时（UTC）'],
  ['Asia/Hong_Kong', '香港（Asia/Hong_Kong）'],
  ['Asia/Taipei', '台北（Asia/Taipei）'],
  ['Asia/Tokyo', '东京（Asia/Tokyo）'],
  ['Asia/Singapore', '新加坡（Asia/Singapore）'],
  ['Asia/Kolkata', '印度（Asia/Kolkata）'],
  ['Europe/London', '伦敦（Europe/London）'],
  ['Europe/Paris', '巴黎（Europe/Paris）'],
  ['Europe/Moscow', '莫斯科（Europe/Moscow）'],
  ['America/New_York', '纽约（America/New_York）'],
  ['America/Chicago', '芝加哥（America/Chicago）'],
  ['America/Los_Angeles', '洛杉矶（America/Los_Angeles）'],
  ['Australia/Sydney', '悉尼（Australia/Sydney）'],
]

export const TOOL_FORMS: Record<string, ToolFormSpec> = {
  json: {
    fields: [
      input('JSON 文本', { rows: 12, placeholder: '{"name": "起页", "tags": ["书签", "导航"]}' }),
      choice('mode', '操作', [
        ['format', '格式化'],
        ['minify', '压缩'],
      ]),
      choice('indent', '缩进', [
        ['2', '2 个空格'],
        ['4', '4 个空格'],
        ['tab', 'Tab'],
      ]),
    ],
    submit: '处理',
  },
  timestamp: {
    fields: [
      {
        kind: 'text',
        name: 'input',
        label: '时间戳或日期时间',
        maxLength: 64,
        placeholder: '1700000000 或 2024-01-02 03:04:05',
        hint: '输入数字按时间戳转换为日期；输入日期时间则转换为时间戳',
      },
      choice('unit', '时间戳单位', [
        ['auto', '自动识别'],
        ['s', '秒'],
        ['ms', '毫秒'],
      ]),
      choice('zone', '时区', TIME_ZONES, { kind: 'select' }),
    ],
    submit: '转换',
    extra: { intent: 'now', label: '当前时间' },
  },
  base64: {
    fields: [
      input('文本', { hint: '编码时输入任意文本；解码时输入 Base64（标准或 URL 安全格式都可以）' }),
      choice('mode', '操作', ENCODE_DECODE),
      choice('variant', '编码格式', [
        ['standard', '标准'],
        ['url', 'URL 安全（- 和 _，不带 =）'],
      ]),
    ],
    submit: '转换',
  },
  url: {
    fields: [
      input('文本', { rows: 6 }),
      choice('mode', '操作', ENCODE_DECODE),
      choice('scope', '范围', [
        ['component', '参数值（encodeURIComponent）'],
        ['full', '完整网址（encodeURI）'],
      ]),
    ],
    submit: '转换',
  },
  pinyin: { fields: [input('汉字', { rows: 5, maxLength: 20_000 })], submit: '转换' },
  'word-count': { fields: [input('文本', { rows: 10 })], submit: '统计' },
  color: {
    fields: [{ kind: 'text', name: 'input', label: '颜色', maxLength: 100, placeholder: '#1e90ff、rgb(30, 144, 255) 或 hsl(210, 100%, 56%)' }],
    submit: '转换',
  },
  qrcode: {
    fields: [
      input('内容', { rows: 4, maxLength: 3000, placeholder: 'https://example.com' }),
      choice(
        'level',
        '纠错级别',
        [
          ['L', '低（7%）'],
          ['M', '中（15%）'],
          ['Q', '较高（25%）'],
          ['H', '高（30%）'],
        ],
        { initial: 'M' },
      ),
    ],
    submit: '生成二维码',
  },
}

/** The form's starting values: empty text, the first option of each choice. */
export function initialValues(spec: ToolFormSpec): Record<string, string> {
  return Object.fromEntries(spec.fields.map((field) => [field.name, 'initial' in field ? field.initial : '']))
}
