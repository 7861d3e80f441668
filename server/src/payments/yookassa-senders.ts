import { BlockList, isIP } from 'node:net';

/**
 * The addresses YooKassa sends its HTTP notifications from, as its API documentation publishes
 * them (yookassa.ru/developers/using-api/webhooks, «IP-адреса»).
 */
export const YOOKASSA_NOTIFICATION_NETWORKS = [
  '185.71.76.0/27',
  '185.71.77.0/27',
  '77.75.153.0/25',
  '77.75.156.11/32',
  '77.75.156.35/32',
  '77.75.154.128/25',
  '2a02:5180::/32',
] as const;

const senders = new BlockList();
for (const network of YOOKASSA_NOTIFICATION_NETWORKS) {
  const [address, prefix] = network.split('/') as [string, string];
  senders.addSubnet(address, Number(prefix), isIP(address) === 6 ? 'ipv6' : 'ipv4');
}

/** Whether a caller's address is one of YooKassa's; an IPv4 address seen through IPv6 counts. */
export function isYooKassaSender(ip: string): boolean {
  const plain = ip.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');
  const family = isIP(plain);
  if (family === 0) return false;
  return senders.check(plain, family === 6 ? 'ipv6' : 'ipv4');
}
