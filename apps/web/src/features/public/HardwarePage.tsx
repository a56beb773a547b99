// Hardware: the Eluent instrument and its simulated twin.
import { Icon } from '../../components/Icon.tsx';
import './public.css';

const modules = [
  {
    icon: 'water_drop',
    name: 'Binary pump',
    text: 'Two syringe pumps mix the gradient; up to 400 bar, 0.05–5 mL/min, with refill between runs.',
  },
  {
    icon: 'vaccines',
    name: 'Injector',
    text: 'Fixed-loop or needle injection from 1 to 100 µL, with needle wash after each injection.',
  },
  {
    icon: 'grid_view',
    name: 'Autosampler',
    text: 'Tray for 2 mL vials; the sequence table addresses samples and standards by vial position.',
  },
  {
    icon: 'thermostat',
    name: 'Column oven',
    text: 'Holds the column at a set temperature from ambient +5 to 60 °C; the column is recorded with every run.',
  },
  {
    icon: 'show_chart',
    name: 'UV detector',
    text: 'Single-wavelength absorbance detector sampling the signal that streams live to the browser.',
  },
  {
    icon: 'science',
    name: 'Fraction collector',
    text: 'Optional valve and vial rack that collects eluate by time interval.',
  },
];

const specifications: [string, string][] = [
  ['Pressure range', 'up to 400 bar'],
  ['Flow range', '0.05 – 5.00 mL/min'],
  ['Injection volume', '1 – 100 µL'],
  ['Column temperature', 'ambient + 5 to 60 °C'],
  ['Detector', 'UV absorbance, single channel'],
  ['Connectivity', 'Wi-Fi 2.4 GHz, encrypted link to Eluent Cloud'],
  ['Data export', 'AIA/ANDI netCDF, CSV'],
];

export default function HardwarePage() {
  return (
    <>
      <section className="page-head">
        <div className="container">
          <p className="eyebrow">Hardware</p>
          <h1>A compact HPLC made to live on the network</h1>
          <p className="lead">
            The Eluent instrument is a complete liquid chromatograph — pump, injector, autosampler, column
            oven and detector — that reports to Eluent Cloud on its own. There is no instrument PC: it joins
            your Wi-Fi, and everything else happens in the browser.
          </p>
        </div>
      </section>
      <section className="section">
        <div className="container">
          <h2>Modules</h2>
          <div className="feature-grid">
            {modules.map((module) => (
              <article className="feature card" key={module.name}>
                <Icon name={module.icon} className="feature__icon" />
                <h3>{module.name}</h3>
                <p>{module.text}</p>
              </article>
            ))}
          </div>
        </div>
      </section>
      <section className="section section--tinted">
        <div className="container two-columns">
          <div>
            <h2>Specifications</h2>
            <table className="spec-table">
              <tbody>
                {specifications.map(([name, value]) => (
                  <tr key={name}>
                    <th scope="row">{name}</th>
                    <td>{value}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <div>
            <h2>Try it without an instrument</h2>
            <p>
              Every Eluent installation can attach simulated instruments. The simulator speaks exactly the
              same device protocol as the real hardware: it builds pressure from flow and solvent viscosity,
              elutes peaks from the method's gradient and reports Wi-Fi and firmware errors with the same
              codes.
            </p>
            <p>
              Use it to learn the software, train new operators or develop processing templates before the
              instrument arrives.
            </p>
            <h3>Connecting a real instrument</h3>
            <ol className="plain-list">
              <li>Power it on and join it to your Wi-Fi from the front panel.</li>
              <li>In My cabinet, choose “Add instrument” and enter its serial number and pairing code.</li>
              <li>The instrument card turns live within seconds.</li>
            </ol>
          </div>
        </div>
      </section>
    </>
  );
}
