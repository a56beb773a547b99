// /app/sequences.
import { Route, Routes } from 'react-router-dom';

export default function SequencesArea() {
  return (
    <Routes>
      <Route
        index
        element={
          <div className="cabinet__content">
            <h1>Sequences</h1>
          </div>
        }
      />
    </Routes>
  );
}
