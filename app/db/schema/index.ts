export * from './users.ts'
export * from './homepages.ts'
export * from './icons.ts'
export * from './sharing.ts'
