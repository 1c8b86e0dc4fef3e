import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { NotFoundPage } from './NotFoundPage';

/** The route table grows screen by screen; every unknown path gets the 404 page. */
export function App() {
  return (
    <BrowserRouter>
      <Routes>
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </BrowserRouter>
  );
}
