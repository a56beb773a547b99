// Home: what Eluent is, for whom, and what it does.
import { Link } from '../../components/AppLinks.tsx';
import { Icon } from '../../components/Icon.tsx';
import { useSessionUser } from '../../lib/useSession.ts';
import { ChromatogramArt } from './ChromatogramArt.tsx';
import './public.css';

const features = [
  {
    icon: 'sensors',
    title: 'Live instrument status',
    text: 'Pressure, flow, %B, column temperature and the detector trace stream to your browser while the run is going.',
  },
  {
    icon: 'tune',
    title: 'Methods you can trust',
    text: 'Gradient, flow, injection volume and run time in one method. Methods are immutable once used; copy one to change it.',
  },
  {
    icon: 'auto_graph',
    title: 'Processing with live preview',
    text: 'Baseline correction, peak detection and integration templates. Change a parameter and watch the peaks move.',
  },
  {
    icon: 'playlist_play',
    title: 'Sequences of samples and standards',
    text: 'Queue vials, injections and methods; calibrate against standards and get amounts with system suitability figures.',
  },
  {
    icon: 'share',
    title: 'Read-only share links',
    text: 'Send a sample or a report to a colleague or a customer. They open it in any browser, no account needed.',
  },
  {
    icon: 'print',
    title: 'Reports that print cleanly',
    text: 'Injection and sequence reports with sharp chromatograms, peak tables and headers, on A4 or Letter.',
  },
];

export default function HomePage() {
  const user = useSessionUser();
  return (
    <>
      <section className="hero">
        <div className="container hero__inner">
          <div className="hero__text">
            <p className="eyebrow">HPLC data system in the browser</p>
            <h1>Run, watch and evaluate your liquid chromatography from anywhere.</h1>
            <p className="lead">
              Eluent connects your HPLC instrument to the cloud. Set up methods, queue sequences, follow each
              injection live and integrate peaks with reproducible processing templates — in one calm, fast
              web application.
            </p>
            <div className="hero__actions">
              {user ? (
                <Link className="button" to="/app/devices/">
                  <Icon name="science" /> Open my cabinet
                </Link>
              ) : (
                <>
                  <Link className="button" to="/auth/sign-up/">
                    Create a free account
                  </Link>
                  <Link className="button button--secondary" to="/auth/login/">
                    Log in
                  </Link>
                </>
              )}
            </div>
          </div>
          <div className="hero__art card">
            <div className="hero__art-head">
              <span className="status-dot status-dot--running" /> Injection 3 of 12 · Caffeine standard
            </div>
            <ChromatogramArt />
            <dl className="hero__readout">
              <div>
                <dt>Pressure</dt>
                <dd>182 bar</dd>
              </div>
              <div>
                <dt>Flow</dt>
                <dd>1.00 mL/min</dd>
              </div>
              <div>
                <dt>%B</dt>
                <dd>35 %</dd>
              </div>
              <div>
                <dt>Column</dt>
                <dd>30.0 °C</dd>
              </div>
            </dl>
          </div>
        </div>
      </section>
      <section className="section">
        <div className="container">
          <h2>Everything between the vial and the report</h2>
          <p className="section__lead">
            Built for lab operators and analysts who want their chromatography data in one place — with an
            audit trail of every change and open exchange formats (AIA/ANDI netCDF, CSV).
          </p>
          <div className="feature-grid">
            {features.map((feature) => (
              <article className="feature card" key={feature.title}>
                <Icon name={feature.icon} className="feature__icon" />
                <h3>{feature.title}</h3>
                <p>{feature.text}</p>
              </article>
            ))}
          </div>
        </div>
      </section>
      <section className="section section--tinted">
        <div className="container steps">
          <div>
            <h2>Up and running in three steps</h2>
            <p className="section__lead">No local software to install and no instrument PC to maintain.</p>
          </div>
          <ol className="steps__list">
            <li>
              <strong>Connect the instrument.</strong> Join it to your Wi-Fi and claim it with its serial
              number and pairing code.
            </li>
            <li>
              <strong>Choose a method and a template.</strong> Start from an example method or copy one of
              your own.
            </li>
            <li>
              <strong>Run a sequence.</strong> Watch each injection live; results, amounts and reports are
              ready the moment it ends.
            </li>
          </ol>
        </div>
      </section>
    </>
  );
}
