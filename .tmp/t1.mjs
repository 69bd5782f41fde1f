import { z } from 'zod';
const { ContactRequest } = await import('/work/wt/mcp/src/server/schemas/contact.ts');
const { ConsultationSlotsResponse, SlotsQuery } = await import('/work/wt/mcp/src/server/schemas/consultation.ts');
console.log(JSON.stringify(z.toJSONSchema(ContactRequest, {target:'draft-7', io:'input'})));
console.log(JSON.stringify(z.toJSONSchema(SlotsQuery, {target:'draft-7', io:'input'})));
console.log(JSON.stringify(z.toJSONSchema(ConsultationSlotsResponse, {target:'draft-7', io:'output'})).slice(0,600));
