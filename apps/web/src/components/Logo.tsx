import { Link } from './AppLinks.tsx';
import logoUrl from './logo.svg';

export function Logo({ to = '/' }: { to?: string }) {
  return (
    <Link to={to} className="logo">
      <img src={logoUrl} alt="Eluent Cloud" width={164} height={32} />
    </Link>
  );
}
