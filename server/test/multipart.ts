/** A multipart/form-data body for app.inject, built by the platform's own FormData encoder. */
export async function multipart(files: { field: string; name: string; type: string; data: Buffer }[], fields: Record<string, string> = {}) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  for (const file of files) form.append(file.field, new Blob([new Uint8Array(file.data)], { type: file.type }), file.name);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return { payload: Buffer.from(await request.arrayBuffer()), headers: { 'content-type': request.headers.get('content-type')! } };
}
