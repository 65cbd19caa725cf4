import { StrictMode } from "react";
import { createRoot } from "react-dom/client";

const el = document.getElementById("root");
if (el)
  createRoot(el).render(
    <StrictMode>
      <main>Moa</main>
    </StrictMode>,
  );
