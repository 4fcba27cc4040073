export function meta() {
  return [{ title: 'Trivial page' }]
}

/** A short page with no loader: what React Router costs before an app adds anything. */
export default function Index() {
  return (
    <main>
      <h1>Trivial page</h1>
      <p>One route, no loader, no database: the floor of a React Router page.</p>
    </main>
  )
}
