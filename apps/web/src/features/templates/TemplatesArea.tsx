// /app/templates.
import { Route, Routes } from 'react-router-dom';

export default function TemplatesArea() {
  return (
    <Routes>
      <Route
        index
        element={
          <div className="cabinet__content">
            <h1>Templates</h1>
          </div>
        }
      />
    </Routes>
  );
}
