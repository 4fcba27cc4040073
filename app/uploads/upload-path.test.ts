import { expect, test } from 'vitest'
import { isUploadPath, uploadImageSrc, uploadWidthFor } from './upload-path.ts'

const hash = '0123456789abcdef0123456789abcdef'

test('an upload path is exactly /uploads/<32 lowercase hex>.<png|jpg|webp|gif>', () => {
  for (const ext of ['png', 'jpg', 'webp', 'gif']) expect(isUploadPath(`/uploads/${hash}.${ext}`)).toBe(true)
  for (const value of [
    `/uploads/${hash}.svg`,
    `/uploads/${hash}.jpeg`,
    `/uploads/${hash.toUpperCase()}.png`,
    `/uploads/${hash.slice(1)}.png`,
    `/uploads/${hash}-w40.png`,
    `/uploads/${hash}.png?w=40`,
    `/uploads/../${hash}.png`,
    `/uploads/x/${hash}.png`,
    `/uploads/${hash}.png/`,
    `//evil.example/uploads/${hash}.png`,
    `https://evil.example/uploads/${hash}.png`,
    `/uploads/%2e%2e%2f${hash}.png`,
    '/uploads/',
    'javascript:alert(1)',
    `/uploads/${hash}.png\n`,
  ]) {
    expect(isUploadPath(value), value).toBe(false)
  }
})

test('the resize suffix: jpg and png get the smallest allowed width covering the size, others stay as they are', () => {
  expect(uploadImageSrc(`/uploads/${hash}.png`, 40)).toBe(`/uploads/${hash}.png?w=40`)
  expect(uploadImageSrc(`/uploads/${hash}.jpg`, 41)).toBe(`/uploads/${hash}.jpg?w=80`)
  expect(uploadImageSrc(`/uploads/${hash}.jpg`, 96)).toBe(`/uploads/${hash}.jpg?w=96`)
  expect(uploadImageSrc(`/uploads/${hash}.png?w=40`, 192)).toBe(`/uploads/${hash}.png?w=192`)
  expect(uploadImageSrc(`/uploads/${hash}.png`, 5000)).toBe(`/uploads/${hash}.png?w=192`)
  expect(uploadImageSrc(`/uploads/${hash}.webp`, 40)).toBe(`/uploads/${hash}.webp`)
  expect(uploadImageSrc(`/uploads/${hash}.gif`, 40)).toBe(`/uploads/${hash}.gif`)
  expect(uploadImageSrc('https://evil.example/a.png', 40)).toBe('https://evil.example/a.png')
  expect(uploadWidthFor(1)).toBe(40)
  expect(uploadWidthFor(97)).toBe(192)
})
