// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IERC1363Receiver} from "@openzeppelin/contracts/interfaces/IERC1363Receiver.sol";
import {IERC1363Spender} from "@openzeppelin/contracts/interfaces/IERC1363Spender.sol";

/// Test double for ERC-1363 callbacks: records the last call and answers with the expected selector,
/// or with a wrong one after `setReject(true)` so tests can see the token refuse the transfer.
contract ERC1363ReceiverMock is IERC1363Receiver, IERC1363Spender {
    event Received(address operator, address from, uint256 value, bytes data);
    event Approved(address owner, uint256 value, bytes data);

    bool public reject;
    uint256 public calls;
    // The token that called back (msg.sender of the callback).
    address public lastToken;
    address public lastOperator;
    address public lastFrom;
    uint256 public lastValue;
    bytes public lastData;

    function setReject(bool reject_) external {
        reject = reject_;
    }

    function onTransferReceived(address operator, address from, uint256 value, bytes calldata data)
        external
        returns (bytes4)
    {
        _record(operator, from, value, data);
        emit Received(operator, from, value, data);
        return reject ? bytes4(0) : this.onTransferReceived.selector;
    }

    function onApprovalReceived(address owner, uint256 value, bytes calldata data) external returns (bytes4) {
        _record(address(0), owner, value, data);
        emit Approved(owner, value, data);
        return reject ? bytes4(0) : this.onApprovalReceived.selector;
    }

    function _record(address operator, address from, uint256 value, bytes calldata data) private {
        calls += 1;
        lastToken = msg.sender;
        lastOperator = operator;
        lastFrom = from;
        lastValue = value;
        lastData = data;
    }
}
