// /app/sequences: the list with a new-sequence form, samples and standards, one sequence's page.
import { Route, Routes } from 'react-router-dom';
import { SamplesPage } from './SamplesPage.tsx';
import { SequencePage } from './SequencePage.tsx';
import { SequencesPage } from './SequencesPage.tsx';
import './sequences.css';

export default function SequencesArea() {
  return (
    <Routes>
      <Route index element={<SequencesPage />} />
      <Route path="samples" element={<SamplesPage />} />
      <Route path=":id" element={<SequencePage />} />
    </Routes>
  );
}
