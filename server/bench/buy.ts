/** Buys one demo coupon through the sandbox checkout over HTTP, as the app and the buyer would. */
export async function buyCoupon(base: string, auth: Record<string, string>, username: string) {
  const { token } = (await (await fetch(`${base}/api/csrf`)).json()) as { token: string };
  const headers = { ...auth, 'x-xsrf-token': token };
  const regions = (await (await fetch(`${base}/api/partners/region`, { headers })).json()) as string[];
  const partners = (await (
    await fetch(`${base}/api/partners/filter/${encodeURIComponent(regions[0] ?? '')}`, { headers })
  ).json()) as Array<{ id: number }>;
  const offers = (await (
    await fetch(`${base}/api/coupons/partner/${partners[0]?.id}`, { headers })
  ).json()) as Array<{
    id: number;
  }>;
  const couponId = offers[0]?.id;
  // The buyer's consent to the privacy policy comes before a first payment (152-ФЗ).
  await fetch(`${base}/api/me/consent`, { method: 'POST', headers });
  const start = (await (
    await fetch(`${base}/api/payments/${couponId}`, { method: 'POST', headers })
  ).json()) as {
    paymentId: string;
    paymentUrl: string;
  };
  await fetch(`${base}${start.paymentUrl}/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    redirect: 'manual',
  });
  const confirm = await fetch(`${base}/api/coupons/buy/${couponId}/${username}`, { method: 'POST', headers });
  if (confirm.status !== 200)
    throw new Error(`purchase not confirmed: ${confirm.status} ${await confirm.text()}`);
}
