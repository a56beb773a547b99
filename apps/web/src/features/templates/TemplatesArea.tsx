// /app/templates: list and editor with live preview.
import { Route, Routes } from 'react-router-dom';
import { TemplatesPage } from './TemplatesPage.tsx';
import { TemplateEditor } from './TemplateEditor.tsx';

export default function TemplatesArea() {
  return (
    <Routes>
      <Route index element={<TemplatesPage />} />
      <Route path="new" element={<TemplateEditor />} />
      <Route path=":uuid" element={<TemplateEditor />} />
    </Routes>
  );
}
