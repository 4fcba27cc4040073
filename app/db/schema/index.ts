export * from './users.ts'
export * from './homepages.ts'
