// /app/chromatograms.
import { Route, Routes } from 'react-router-dom';

export default function ChromatogramsArea() {
  return (
    <Routes>
      <Route
        index
        element={
          <div className="cabinet__content">
            <h1>Chromatograms</h1>
          </div>
        }
      />
    </Routes>
  );
}
