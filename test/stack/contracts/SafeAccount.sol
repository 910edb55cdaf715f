// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {OwnerAccount} from "./OwnerAccount.sol";

/// @title SafeAccount
/// @notice A one-owner, Safe-like account for local test chains. A transaction is named by its
/// EIP-712 hash (the Safe transaction hash, over the target, value, data and the account's nonce);
/// anyone may execute it with the owner's signature of that hash, and the account makes the call.
/// As an OwnerAccount it also accepts the owner's signatures of messages (EIP-1271).
contract SafeAccount is OwnerAccount {
    bytes32 private constant DOMAIN_TYPEHASH = keccak256("EIP712Domain(uint256 chainId,address verifyingContract)");
    bytes32 private constant SAFE_TX_TYPEHASH = keccak256("SafeTx(address to,uint256 value,bytes data,uint256 nonce)");

    // The nonce the next transaction is signed with is OwnerAccount's `nonce`, shared with its calls.

    event ExecutionSuccess(bytes32 indexed safeTxHash, uint256 nonce);

    constructor(address owner_) OwnerAccount(owner_) {}

    /// @notice The EIP-712 domain of this account on this chain.
    function domainSeparator() public view returns (bytes32) {
        return keccak256(abi.encode(DOMAIN_TYPEHASH, block.chainid, address(this)));
    }

    /// @notice The Safe transaction hash of a call with a given nonce.
    function getTransactionHash(address to, uint256 value, bytes calldata data, uint256 nonce_)
        public
        view
        returns (bytes32)
    {
        bytes32 structHash = keccak256(abi.encode(SAFE_TX_TYPEHASH, to, value, keccak256(data), nonce_));
        return keccak256(abi.encodePacked(bytes1(0x19), bytes1(0x01), domainSeparator(), structHash));
    }

    /// @notice Executes the call the owner signed (at the current nonce); reverts when the
    /// signature is not the owner's or the call fails.
    function execTransaction(address to, uint256 value, bytes calldata data, bytes calldata signature)
        external
        returns (bool)
    {
        bytes32 safeTxHash = getTransactionHash(to, value, data, nonce);
        require(isOwnerSignature(safeTxHash, signature), "SAFE: signature");
        uint256 executed = nonce;
        nonce = executed + 1;
        (bool ok,) = to.call{value: value}(data);
        require(ok, "SAFE: call failed");
        emit ExecutionSuccess(safeTxHash, executed);
        return true;
    }
}
