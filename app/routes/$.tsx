// Any path no route claims answers 404 with the error page.
export function loader() {
  throw new Response('Not Found', { status: 404, statusText: 'Not Found' });
}

export default function NotFound() {
  return null;
}
