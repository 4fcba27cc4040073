import S3rver from 's3rver'

/**
 * s3rver in a process of its own (tests/sites/s3-server.ts starts it): node 24's OpenSSL has
 * s3rver's DES continuation tokens only with --openssl-legacy-provider, a flag of the process.
 * Arguments: the directory it keeps the objects in and the bucket to make. Prints
 * `s3rver listening on <port>`; stops when its standard input closes (its parent ended or stopped it).
 */
const [directory, bucket] = process.argv.slice(2)
if (!directory || !bucket) throw new Error('usage: s3rver-process.ts <directory> <bucket>')
const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] })
const { port } = await server.run()
console.log(`s3rver listening on ${port}`)
process.stdin.resume()
process.stdin.on('close', () => void server.close().finally(() => process.exit(0)))
