// My cabinet: the user's instruments. Until the instruments API answers, an honest empty state.
import { Link } from 'react-router-dom';
import { Icon } from '../../components/Icon.tsx';

export function DevicesPage() {
  return (
    <div className="cabinet__content">
      <div className="cabinet__head">
        <div>
          <h1>Instruments</h1>
          <p className="cabinet__lead">Live status of the HPLC instruments attached to your account.</p>
        </div>
      </div>
      <div className="empty card" role="status">
        <Icon name="precision_manufacturing" className="empty__icon" />
        <h2>No instruments yet</h2>
        <p>
          Instruments you claim appear here as live cards with pressure, flow, %B, column temperature and run
          progress. To attach one, power it on, join it to your Wi-Fi and claim it with its serial number and
          pairing code.
        </p>
        <Link to="/hardware/" className="button button--secondary">
          <Icon name="info" /> About the instrument
        </Link>
      </div>
    </div>
  );
}
