import { Link } from '../../components/AppLinks.tsx';
import './public.css';

export default function NotFoundPage() {
  return (
    <section className="page-head">
      <div className="container">
        <p className="eyebrow">404</p>
        <h1>Page not found</h1>
        <p className="lead">The address does not lead anywhere in Eluent.</p>
        <Link className="button" to="/">
          Go to the home page
        </Link>
      </div>
    </section>
  );
}
