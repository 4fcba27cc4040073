import { expect, test } from 'vitest'
import { bigrams, FIELD_SEPARATOR, normaliseKeyword, searchColumns } from './search-index.ts'

const fieldsOf = (text: string) => text.split(FIELD_SEPARATOR)

test('name, pinyin in full and initials, URL and note, lower-cased, one field each', () => {
  const { searchText } = searchColumns({ name: '百度一下 Baidu', url: 'https://www.Baidu.com/', note: '搜索引擎' })
  expect(fieldsOf(searchText)).toEqual(['百度一下 baidu', 'baiduyixia baidu', 'bdyx baidu', 'baidu.com/', '搜索引擎'])
})

test('an address is indexed and searched without its scheme and www.', () => {
  expect(fieldsOf(searchColumns({ name: 'x', url: 'HTTPS://WWW.Example.com/a?b=1' }).searchText)[3]).toBe('example.com/a?b=1')
  expect(fieldsOf(searchColumns({ name: 'x', url: 'ftp://files.example.com/' }).searchText)[3]).toBe('files.example.com/')
  expect(normaliseKeyword('https://www.GitHub.com/x')).toBe('github.com/x')
  expect(normaliseKeyword('github.com')).toBe('github.com')
})

test('polyphones are read in their word: 重庆银行, 音乐, 长城; ü is written v', () => {
  expect(fieldsOf(searchColumns({ name: '重庆银行' }).searchText).slice(1, 3)).toEqual(['chongqingyinhang', 'cqyh'])
  expect(fieldsOf(searchColumns({ name: '音乐' }).searchText)[1]).toBe('yinyue')
  expect(fieldsOf(searchColumns({ name: 'b站 和 qq音乐' }).searchText).slice(1, 3)).toEqual(['bzhan he qqyinyue', 'bz h qqyy'])
  expect(fieldsOf(searchColumns({ name: '长城' }).searchText)[1]).toBe('changcheng')
  expect(fieldsOf(searchColumns({ name: '绿色' }).searchText)[1]).toBe('lvse')
})

test('a word read before is read the same again, and a character read alone is not read as in that word', () => {
  const pinyinOf = (name: string) => fieldsOf(searchColumns({ name }).searchText)[1]
  expect([pinyinOf('银行'), pinyinOf('行'), pinyinOf('行走'), pinyinOf('银行'), pinyinOf('去银行')]).toEqual(['yinhang', 'xing', 'xingzou', 'yinhang', 'quyinhang'])
})

test('a name without Chinese has no pinyin fields; an empty bookmark no search text at all', () => {
  expect(fieldsOf(searchColumns({ name: 'GitHub', url: null, note: '' }).searchText)).toEqual(['github', '', '', '', ''])
  expect(searchColumns({ name: '', url: null, note: '' })).toEqual({ searchText: '', searchGrams: [] })
  expect(searchColumns({ name: '  ', url: '', note: ' ' })).toEqual({ searchText: '', searchGrams: [] })
})

test('grams: the distinct 2-character pieces of each field, never across two fields', () => {
  const { searchGrams } = searchColumns({ name: '天气预报', note: '天气' })
  expect(searchGrams).toEqual(['天气', '气预', '预报', 'ti', 'ia', 'an', 'nq', 'qi', 'iy', 'yu', 'ub', 'ba', 'ao', 'tq', 'qy', 'yb'])
  expect(searchGrams.some((g) => g.includes(FIELD_SEPARATOR))).toBe(false)
  expect(bigrams('𠀀𠀁𠀀𠀁')).toEqual(['𠀀𠀁', '𠀁𠀀'])
  expect(bigrams('天')).toEqual([])
  // Counted by code point as [...text] counts: a lone surrogate is one character.
  expect(bigrams('a\ud800b\udc00')).toEqual(['a\ud800', '\ud800b', 'b\udc00'])
})

test('full-width letters, upper case and control characters are folded alike in bookmarks and keywords', () => {
  expect(fieldsOf(searchColumns({ name: 'ＧｉｔＨｕｂ' }).searchText)[0]).toBe('github')
  expect(normaliseKeyword('  ＧｉｔＨｕｂ\u001f ')).toBe('github')
  expect(normaliseKeyword('a\nb')).toBe('a b')
  expect(normaliseKeyword(' \t ')).toBe('')
  expect([...normaliseKeyword('字'.repeat(150))].length).toBe(100)
  // A separator in a name cannot make a match span fields.
  expect(searchColumns({ name: `a${FIELD_SEPARATOR}b` }).searchText.split(FIELD_SEPARATOR)[0]).toBe('a b')
})

test('long URLs are indexed by their first 500 characters', () => {
  const url = `https://example.com/${'x'.repeat(1000)}`
  expect(fieldsOf(searchColumns({ name: 'a', url }).searchText)[3]).toHaveLength(500)
})
