import http from 'node:http';

/**
 * Asks a server on the loopback for `pathname` with the headers a browser on another name would
 * send (`Host`, `Origin`), which `fetch` does not let a caller set.
 */
export function requestAs(port: number, pathname: string, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path: pathname, headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode!, body }));
    });
    req.on('error', reject);
  });
}
