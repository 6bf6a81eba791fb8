// Placeholder: the page helper replaces this file.
fetch("/api/health").then((r) => r.json()).then((h) => console.log("fdoku", h.version));
