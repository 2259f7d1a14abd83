-- Sent invoices past their due date, with the address to remind.
SELECT c.id, c.name, c.email, i.number, i.due_on
FROM invoices i
JOIN customers c ON c.id = i.customer_id
WHERE i.status IN ('sent', 'overdue') AND i.due_on < ?
ORDER BY i.due_on, i.number;
