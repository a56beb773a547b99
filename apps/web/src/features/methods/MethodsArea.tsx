// /app/methods: list, view, create and copy.
import { Route, Routes } from 'react-router-dom';
import { MethodsPage } from './MethodsPage.tsx';
import { MethodView } from './MethodView.tsx';
import { MethodForm } from './MethodForm.tsx';

export default function MethodsArea() {
  return (
    <Routes>
      <Route index element={<MethodsPage />} />
      <Route path="new" element={<MethodForm />} />
      <Route path=":id" element={<MethodView />} />
    </Routes>
  );
}
