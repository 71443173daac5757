import type { NavEntry } from '@lightpath/domain/navigation';

// Detail routes are singular (/user/7) while their list is plural (/users); a detail page lights up
// the list it belongs to.
const detailAliases: [prefix: string, list: string][] = [
  ['/user/', '/users'],
  ['/service/', '/services'],
  ['/vpls/', '/services/vpls-networks'],
  ['/l3vpn/', '/services/l3vpn'],
  ['/site/', '/sites'],
  ['/event/', '/events'],
  ['/ticket/', '/tickets'],
  ['/contact/', '/contacts'],
  ['/equipment/shelf/', '/equipment'],
  ['/customer-faq/', '/customer-faq'],
];

export function navTargets(entries: NavEntry[]): string[] {
  const targets: string[] = [];
  for (const entry of entries) {
    if ('to' in entry) targets.push(entry.to);
    else for (const child of entry.children) if ('to' in child) targets.push(child.to);
  }
  return targets;
}

function isUnder(pathname: string, target: string): boolean {
  return pathname === target || pathname.startsWith(`${target}/`);
}

// The one sidebar target to highlight for a path: an exact match, else the longest target the path
// lies under ('/' only ever matches itself), else the list a detail page belongs to.
export function activeNavTarget(pathname: string, targets: readonly string[]): string | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (targets.includes(path)) return path;
  // Your own profile is reached from the profile menu, not from Users (which you may not even have).
  if (path === '/user/me') return null;
  const alias = detailAliases.find(([prefix]) => path.startsWith(prefix));
  if (alias && targets.includes(alias[1])) return alias[1];
  const containing = targets.filter((t) => t !== '/' && isUnder(path, t)).sort((a, b) => b.length - a.length);
  return containing[0] ?? null;
}
