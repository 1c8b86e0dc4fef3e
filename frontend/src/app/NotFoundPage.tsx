import { Link } from 'react-router-dom';

export function NotFoundPage() {
  return (
    <main style={{ maxWidth: 560, margin: '15vh auto', padding: '0 1.5rem', fontFamily: 'system-ui, sans-serif', textAlign: 'center' }}>
      <h1>Page not found</h1>
      <p>The page you are looking for does not exist or has moved.</p>
      <Link to="/">Go to the home page</Link>
    </main>
  );
}
